10 REM a subscript outside the integer range is Overflow
20 DIM A(5)
30 PRINT A(40000)
