10 REM DEFINT takes effect when executed; the old single I! keeps its value
20 I=1
30 DEFINT I
40 I=2.4
50 PRINT I!;I%;I
