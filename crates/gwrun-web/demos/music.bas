1 ' music.bas - A tune with PLAY, a scale with SOUND, and a BEEP
10 CLS
20 PRINT "Ode to Joy (Beethoven), with PLAY's music macro language"
30 PLAY "T160 O3 L4 EEFG GFED CCDE E4. D8 D2"
40 PLAY "L4 EEFG GFED CCDE D4. C8 C2"
50 PRINT "A rising scale with SOUND (frequency, ticks of 1/18.2 s)"
60 FOR F=262 TO 524 STEP 12: SOUND F, 1: NEXT
70 PRINT "and a BEEP.": BEEP
