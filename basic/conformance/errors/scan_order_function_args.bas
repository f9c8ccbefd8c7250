10 REM a function's arguments are converted as scanned; an error comes where the text breaks off
20 ON ERROR GOTO 200
30 PRINT STRING$(-1)
40 PRINT STRING$("ABC"
50 PRINT MID$("ABC",1,"A"
60 PRINT SIN("ABC"
70 PRINT INSTR(-1)
80 PRINT INSTR(1.5)
90 PRINT INSTR("E","ABCD","BC")
100 PRINT INSTR(1,1)
110 PRINT INSTR(2,"ABCD","BC"); INSTR("ABCD","CD")
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
