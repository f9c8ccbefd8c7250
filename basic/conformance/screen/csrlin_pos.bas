10 REM CSRLIN and POS follow the cursor; a full row leaves a pending wrap (POS 1, CSRLIN the next row)
20 CLS
30 PRINT "AB";
40 A = CSRLIN: B = POS(0): PRINT
50 PRINT A; B
60 LOCATE 3, 1: PRINT STRING$(80, "X");
70 A = CSRLIN: B = POS(0)
80 PRINT A; B
90 PRINT POS("STRING"); POS(1E+30)
