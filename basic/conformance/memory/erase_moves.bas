10 REM ERASE closes the gap: later arrays move down; a new scalar moves the arrays up
20 DIM A(5), B%(3)
30 P=VARPTR(A(0)): Q=VARPTR(B%(0)): PRINT Q-P
40 ERASE A: PRINT VARPTR(B%(0))-P
50 NEWVAR=1: PRINT VARPTR(B%(0))-P
