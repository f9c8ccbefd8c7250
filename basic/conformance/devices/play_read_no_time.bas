10 REM PLAY(n) takes no time: a pause is one entry in every articulation, all still queued
20 PLAY "T60MFP4"
30 PLAY "MBMLP4P4":PRINT PLAY(0)
40 PLAY "MNP4":PRINT PLAY(0)
50 PLAY "MSP4":PRINT PLAY(0)
60 SOUND 0,0:PRINT PLAY(0)
