10 REM &H and &O literals are 16-bit patterns of integers
20 PRINT &HFFFF; &H8000; &H7FFF; &O177777; &17; &H10; &hff; &O0
30 PRINT &HFFFF AND 1; &H10 + 1
