10 REM when string space is full after garbage collection: Out of string space
20 ON ERROR GOTO 100
30 DIM A$(300)
40 FOR I=0 TO 300: A$(I)=SPACE$(250): NEXT
50 END
100 PRINT ERR; ERL; I; FRE(0)<250: RESUME 50
