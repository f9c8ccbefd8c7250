10 REM numeric DATA in various forms
20 FOR I=1 TO 6:READ X:PRINT X;:NEXT:PRINT
30 DATA -5, +3, 1E2, .5, &H10, 1.5D1
