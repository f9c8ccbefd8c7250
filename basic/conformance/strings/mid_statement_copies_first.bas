10 REM MID$ statement: a string still in the program text is copied into string space before the start is checked
20 ON ERROR GOTO 200
30 Z$="abcdef":F=FRE(0)
40 MID$(Z$,0)="x"
50 PRINT F-FRE(0);Z$
60 Y$="uvw":F=FRE(0)
70 MID$(Y$,2,0)="x"
80 PRINT F-FRE(0);Y$
90 END
200 PRINT ERR;ERL:RESUME NEXT
