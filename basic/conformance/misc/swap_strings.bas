10 REM SWAP exchanges strings
20 A$="LEFT":B$="RIGHT":SWAP A$,B$:PRINT A$;" ";B$
