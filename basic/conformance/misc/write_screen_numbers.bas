10 REM WRITE to the screen with numbers of different types
20 WRITE 1%,2.5,1/3,-7
