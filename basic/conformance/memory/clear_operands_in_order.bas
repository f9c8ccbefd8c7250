10 REM CLEAR reads and checks its operands one at a time: a memory size of 0 is an Illegal function call before the stray commas after it are reached
20 ON ERROR GOTO 200
30 CLEAR 0,0,,
40 CLEAR ,0,,
50 CLEAR -1,,
60 CLEAR 1,2,3,4
70 CLEAR ,,0
80 CLEAR ,,,
90 PRINT "done"
100 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
