1 ' files.bas - Write a file on drive C:, read it back, and list the drive
10 CLS
20 OPEN "GREETING.TXT" FOR OUTPUT AS #1
30 FOR I=1 TO 5: PRINT #1, "Line"; I; "written on "; DATE$; " at "; TIME$: NEXT
40 CLOSE #1
50 OPEN "GREETING.TXT" FOR INPUT AS #1
60 WHILE NOT EOF(1): LINE INPUT #1, L$: PRINT L$: WEND
70 CLOSE #1
80 PRINT: FILES
90 PRINT "The page's Files button downloads it; KILL ""GREETING.TXT"" removes it."
