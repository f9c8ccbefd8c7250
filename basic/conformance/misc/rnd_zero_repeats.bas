10 REM RND(0) repeats the last value; at start it is the seed value
20 PRINT RND(0)
30 A=RND:PRINT A;RND(0);RND(0)=A
