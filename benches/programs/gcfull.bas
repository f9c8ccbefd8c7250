10 REM GCFULL: string space nearly full (4,300 live strings of 10 bytes), so every few
20 REM hundred bytes of temporaries force a garbage collection that moves them all
30 DEFINT A-Z
40 N=4300: DIM A$(N)
50 OPEN "GCFULL.TXT" FOR OUTPUT AS #1
60 FOR I=1 TO N: A$(I)=STRING$(9,65+I MOD 26)+CHR$(48+I MOD 10): NEXT I
70 C#=0
80 FOR K=1 TO 20000
90 J=1+((K MOD N)*7) MOD N
100 T$=MID$(A$(J),3,4)+STR$(K): C#=C#+ASC(T$)+LEN(T$)
110 A$(J)=RIGHT$(A$(J),9)+LEFT$(T$,1)
120 NEXT K
130 PRINT #1, "C="; C#; " FRE="; FRE("")
140 PRINT #1, "A$(1)="; A$(1); " A$(N)="; A$(N)
150 CLOSE #1
160 SYSTEM
