10 REM FOR finds (makes) its variable before it evaluates the start: FRE(0) in the start already counts the new variable, and a start that fails leaves it made
20 F=0: G=0: ON ERROR GOTO 200
30 F=FRE(0): FOR LV=FRE(0) TO 0 STEP -1E+06: G=LV: NEXT: PRINT F-G
40 F=FRE(0): FOR NEWVAR="A" TO 1: NEXT
50 PRINT F-FRE(0)
60 END
200 PRINT "E";ERR;ERL: RESUME NEXT
