10 REM CLEAR checks a memory size above the top of memory (Out of memory) as soon as it is read, before the stack size and the end of the statement
20 ON ERROR GOTO 200
30 CLEAR ,-1,,
40 CLEAR ,65535 X
50 CLEAR ,65535,0
60 CLEAR ,65535,"A"
70 CLEAR ,65535;
80 CLEAR 0,65534,0
90 CLEAR ,-1
100 PRINT "done"
110 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
