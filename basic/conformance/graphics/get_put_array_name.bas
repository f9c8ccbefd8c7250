10 REM GET and PUT take an array's name only: after GET's array a subscript is a Syntax error once the GET is done; PUT wants a comma or the end there, else it is a Syntax error before anything is drawn
20 ON ERROR GOTO 200
30 SCREEN 1: DIM G%(100): PSET (1,1),3
40 GET (0,0)-(3,3),G%(50)
50 PRINT G%(0); G%(1); G%(50)
60 CLS: PUT (0,0),G%(50)
70 PRINT POINT(1,1)
80 PUT (0,0),G%,PSET X
90 PRINT POINT(1,1)
100 CLS: PUT (0,0),G%(0),PSET
110 PRINT POINT(1,1)
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
