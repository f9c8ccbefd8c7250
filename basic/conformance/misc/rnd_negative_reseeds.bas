10 REM RND with a negative argument reseeds: the same argument gives the same value
20 PRINT RND(-1);RND(-1);RND(-2)
30 PRINT RND
