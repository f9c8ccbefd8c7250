10 REM fact 4: storing the promoted sum in an integer is a hard Overflow
20 A%=32767: A%=A%+1
30 PRINT "NOT REACHED"
