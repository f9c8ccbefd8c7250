10 REM LIST, DELETE, RENUM, AUTO and EDIT scan their line numbers whole before acting: junk is a Syntax error (after EDIT an Illegal function call), a range without lines or an increment of 0 an Illegal function call
20 ON ERROR GOTO 200
30 LIST X
40 DELETE X
50 DELETE -5
60 DELETE 30-40,X
70 RENUM X
80 RENUM 100,,0
90 RENUM 100,10 X
100 AUTO 10 X
110 AUTO 10,5 X
120 LIST 10-X
125 EDIT 10 X
130 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
