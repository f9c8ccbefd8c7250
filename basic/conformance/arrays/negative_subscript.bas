10 REM a negative subscript is an Illegal function call
20 DIM A(5)
30 A(-1)=1
