10 REM numeric functions with exactly representable results
20 PRINT ABS(-3);SGN(-2);SGN(0);SGN(5);INT(3.7);FIX(-3.7);CINT(3.5)
30 PRINT SQR(16);EXP(0);LOG(1);SIN(0);COS(0);TAN(0);ATN(0)
40 PRINT CSNG(2.5);CDBL(1.5);ABS(-32768)
