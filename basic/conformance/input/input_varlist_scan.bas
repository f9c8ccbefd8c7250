10 REM INPUT reads the reply first and then scans its variable list one variable (a name, then a comma or the end) and its value at a time: a bad variable is a Syntax error once the values before it are good
20 ON ERROR GOTO 200
30 INPUT A,1
40 INPUT A B
50 INPUT "P";
60 INPUT X,Y;Z
70 PRINT "end";A;X:END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
