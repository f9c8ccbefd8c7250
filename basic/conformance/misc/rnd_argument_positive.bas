10 REM RND(n) with n>0 is the same as RND
20 PRINT RND(1);RND(5);RND(.5)
