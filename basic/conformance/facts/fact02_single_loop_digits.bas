10 REM fact 2: a single-precision loop prints 8.899999
20 FOR A!=1.4 TO 10.5 STEP 1.5:PRINT A!:NEXT
