10 REM PLAY(n): foreground music returns as its last note starts; background adds behind it
20 PLAY "T255MFMLP64P64"
30 PLAY "MBP64P64P64P64P64"
40 PRINT PLAY(0)
50 SOUND 0,0
60 PRINT PLAY(0)
