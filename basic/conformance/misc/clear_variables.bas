10 REM CLEAR erases variables and arrays
20 A=5:B$="X":DIM C(3):C(1)=2
30 CLEAR
40 PRINT A;"[";B$;"]";C(1)
