10 REM LIST of token values with no keyword: GW 3.23's keyword search runs on past its tables
20 A=&H126E
30 IF PEEK(A+2)+256*PEEK(A+3)<>70 THEN A=PEEK(A)+256*PEEK(A+1): GOTO 30
40 POKE A+4,&H9A: POKE A+6,&H9B: POKE A+7,&HFE: POKE A+8,&H80
50 LIST 70
70 END:END:END
