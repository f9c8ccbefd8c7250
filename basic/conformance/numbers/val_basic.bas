10 REM VAL: leading blanks and sign, blanks inside, stops at the first bad character
20 PRINT VAL("1"); VAL(" -3"); VAL("1 2 3"); VAL("12abc"); VAL("abc"); VAL("")
30 PRINT VAL("+.5e1"); VAL("&H10"); VAL("&O17"); VAL("&17"); VAL("1.5.5")
