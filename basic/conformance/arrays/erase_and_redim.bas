10 REM ERASE removes an array so it can be dimensioned again
20 DIM A(3):A(1)=9
30 ERASE A
40 DIM A(5):PRINT A(1);A(5)
