10 REM VAL reads in double precision (FINDBL): VAL("1.2e23") is 1.2D+23
20 PRINT VAL("1.2e23"); VAL("1.2d23"); VAL("1.2")
30 PRINT VAL("1") / 3; VAL("0.1") * 3; VAL("1.5!") / 3
