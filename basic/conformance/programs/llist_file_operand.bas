10 REM LLIST falls into LIST: a comma after its range takes a file name, and nothing there is Missing operand
20 ON ERROR GOTO 200
30 LLIST 10-20,
40 PRINT "END":END
200 PRINT "ERR";ERR;"ERL";ERL
210 RESUME NEXT
