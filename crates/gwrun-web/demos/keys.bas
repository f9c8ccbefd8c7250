1 ' keys.bas - What INKEY$ returns for each key; F1 and Up trapped by ON KEY (Esc ends)
10 CLS: KEY OFF
20 PRINT "Press keys to see INKEY$'s codes. F1 and the Up arrow are trapped"
30 PRINT "with ON KEY(1) and ON KEY(11). Esc ends.": PRINT
40 ON KEY(1) GOSUB 200: KEY(1) ON
50 ON KEY(11) GOSUB 300: KEY(11) ON
60 K$=INKEY$: IF K$="" THEN 60
70 IF LEN(K$)=2 THEN PRINT "CHR$(0)+CHR$("; ASC(MID$(K$,2)); ")": GOTO 60
80 PRINT "CHR$("; ASC(K$); ")";
90 IF ASC(K$)>=32 THEN PRINT TAB(16); K$ ELSE PRINT
100 IF K$<>CHR$(27) THEN 60
110 KEY(1) OFF: KEY(11) OFF: KEY ON: END
200 PRINT "ON KEY(1): F1 was pressed": RETURN
300 PRINT "ON KEY(11): the Up arrow was pressed": RETURN
