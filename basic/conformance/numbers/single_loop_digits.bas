10 REM a single-precision loop: GW prints 8.899999 for the sixth value
20 FOR A! = 1.4 TO 10.5 STEP 1.5: PRINT A!;: NEXT: PRINT
