10 REM INT(RND*6)+1 dice rolls from the fixed start sequence
20 FOR I=1 TO 20:PRINT INT(RND*6)+1;:NEXT:PRINT
