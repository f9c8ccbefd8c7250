10 REM VAL reads a number from the start of a string
20 PRINT VAL("12");VAL(" 1 2");VAL("3.5E1");VAL("12AB");VAL("ABC");VAL("")
30 PRINT VAL("&HFF");VAL("&O10");VAL("-7");VAL("  +4")
