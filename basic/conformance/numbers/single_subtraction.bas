10 REM single subtraction treats the sticky bit as a value bit (1 ulp below IEEE)
20 A! = 16777215!: B! = .5000001: C! = A! - B!
30 PRINT C!; C! = 16777214!
40 X! = 1: Y! = 5.960464E-08 + 1.7763568E-15: Z! = X! - Y!: PRINT Z! = 1; Z! = .9999999
