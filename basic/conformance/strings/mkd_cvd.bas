10 REM MKD$ gives the eight MBF bytes of a double; CVD reverses it
20 A$=MKD$(1)
30 FOR I=1 TO 8:PRINT ASC(MID$(A$,I,1));:NEXT:PRINT
40 PRINT CVD(MKD$(1.25#));LEN(MKD$(0))
