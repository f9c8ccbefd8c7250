10 REM RANDOMIZE n with an integer seed gives a fixed sequence
20 RANDOMIZE 1
30 PRINT RND;RND;RND
