10 REM MID$ statement: the start and length are bytes checked before the new value is evaluated; a length of 0 changes nothing
20 ON ERROR GOTO 200
30 Z$="abcdef"
40 MID$(Z$,0)=1
50 MID$(Z$,300)=1
60 MID$(Z$,2,256)=1
70 MID$(Z$,2,-1)=1
80 MID$(Z$,10,0)="x":PRINT Z$
90 MID$(Z$,7)="x"
100 MID$(Z$,-1)="x"
110 MID$(Z$,6)=2
120 MID$(Z$,6,1)="xyz":PRINT Z$
130 END
200 PRINT ERR;ERL:RESUME NEXT
