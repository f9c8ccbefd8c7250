10 REM POKE into a variable's bytes changes the variable; PEEK reads them back
20 A%=0: B!=1: C$="hello"
30 POKE VARPTR(A%), 57: POKE VARPTR(A%)+1, 1: PRINT A%
40 POKE VARPTR(B!)+3, PEEK(VARPTR(B!)+3)+1: PRINT B!
50 POKE VARPTR(C$), 3: PRINT C$; LEN(C$)
60 DIM D%(3): POKE VARPTR(D%(2)), 7: PRINT D%(0); D%(1); D%(2); D%(3)
