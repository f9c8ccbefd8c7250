10 REM LINE INPUT without prompt shows nothing before the reply
20 LINE INPUT L$
30 PRINT LEN(L$);L$
