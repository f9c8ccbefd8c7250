10 REM TRON output before an untrapped error message
20 TRON
30 PRINT "A";
40 X=LOG(0)
