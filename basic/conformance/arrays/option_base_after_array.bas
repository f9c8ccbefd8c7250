10 REM OPTION BASE after an array exists is Duplicate Definition
20 DIM A(2)
30 OPTION BASE 1
