10 REM SWAP exchanges two variables of the same type
20 A=1:B=2:SWAP A,B:PRINT A;B
30 A%(1)=5:C%=7:SWAP A%(1),C%:PRINT A%(1);C%
