10 REM SWAP of different types is a Type mismatch
20 A=1:B%=2
30 SWAP A,B%
