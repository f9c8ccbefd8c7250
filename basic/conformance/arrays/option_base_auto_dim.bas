10 REM under OPTION BASE 1 an undeclared array has indices 1..10
20 OPTION BASE 1
30 A(10)=4:PRINT A(10)
40 A(11)=1
