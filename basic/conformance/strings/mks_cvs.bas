10 REM MKS$ gives the four MBF bytes of a single; CVS reverses it
20 A$=MKS$(1)
30 FOR I=1 TO 4:PRINT ASC(MID$(A$,I,1));:NEXT:PRINT
40 PRINT CVS(MKS$(2.5));CVS(MKS$(-.125))
