10 REM DATE$ is mm-dd-yyyy and TIME$ is hh:mm:ss
20 D$=DATE$:T$=TIME$
30 PRINT LEN(D$);MID$(D$,3,1);MID$(D$,6,1);LEN(T$);MID$(T$,3,1);MID$(T$,6,1)
