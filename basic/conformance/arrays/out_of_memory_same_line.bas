10 REM DIM A(10000), X(12500) without DEFINT is Out of memory
20 DIM A(10000), X(12500)
