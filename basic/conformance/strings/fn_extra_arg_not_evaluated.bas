10 REM a built-in function's SYNCHR ')' meets the comma after its last argument: Syntax error there, the extra argument never evaluated
20 ON ERROR GOTO 100
30 PRINT "A";CHR$(65,1/0)
40 PRINT MID$("ABC",2,1,LOG(0))
50 PRINT LEFT$("AB",1,SQR(-1))
60 X=ASC("A",1/0)
70 PRINT STRING$(2,"#",LOG(0))
80 PRINT RIGHT$("AB",1/0,1)
90 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
