10 REM INPUT of several variables separated by commas
20 INPUT A,B,C$
30 PRINT A+B;C$
