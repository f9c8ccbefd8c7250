10 REM a function with two parameters
20 DEF FNMAX(A,B)=-(A>B)*A-(A<=B)*B
30 PRINT FNMAX(3,7);FNMAX(9,2)
